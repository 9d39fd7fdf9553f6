package pdpv.pdr.btor;

import com.microsoft.z3.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The hand-written test models in {@code src/test/resources/btor2}. */
final class Btor2Models {
    private Btor2Models() {
    }

    static Path path(String name) {
        try {
            return Path.of(Btor2Models.class.getResource("/btor2/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String text(String name) {
        try (InputStream in = Btor2Models.class.getResourceAsStream("/btor2/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Btor2Model read(Context ctx, String name) throws Btor2Exception {
        return Btor2Reader.read(ctx, text(name));
    }
}
