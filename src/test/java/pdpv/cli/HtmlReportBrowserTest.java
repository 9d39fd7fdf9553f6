package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * {@code verify --report} in a real browser (issue 21): Debian's chromium, headless, driven through
 * its chromedriver, renders the report of a SAFE and of an UNSAFE example with the verdict, the
 * source, the trace (unsafe; its step buttons move through the source) and the SVG graphs drawn at
 * a size, without an error in the browser's console (level SEVERE). Skipped, with a message, where
 * chromium or chromedriver is not installed ({@code .ci/run} installs both).
 */
class HtmlReportBrowserTest {
    private static final File CHROMIUM = new File("/usr/bin/chromium");
    private static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");

    @TempDir
    static Path dir;

    private static ChromeDriver browser;

    @BeforeAll
    static void start() {
        String skipped = "chromium or chromedriver is absent (Debian packages chromium, chromium-driver): the browser test "
                + "of verify --report is skipped";
        if (!(CHROMIUM.canExecute() && CHROMEDRIVER.canExecute())) {
            System.err.println("HtmlReportBrowserTest: " + skipped);
        }
        Assumptions.assumeTrue(CHROMIUM.canExecute() && CHROMEDRIVER.canExecute(), skipped);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        // as the machine's notes say: no sandbox as root, and none of chromium's own connections (there is no network)
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1600", "--user-data-dir=" + dir.resolve("profile"));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability(ChromeOptions.LOGGING_PREFS, logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER)
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    /** Opens the report of {@code program} and checks what both verdicts' pages show. */
    private static void open(Path program, int exitCode, String verdict) throws Exception {
        Path page = dir.resolve(program.getFileName() + ".html");
        HtmlReportTest.report(program, page, exitCode);
        browser.get(page.toUri().toString());
        WebElement shown = browser.findElement(By.id("verdict"));
        assertTrue(shown.isDisplayed() && shown.getText().contains(verdict), shown.getText());
        List<WebElement> rows = browser.findElements(By.cssSelector("table.source tr"));
        assertEquals(Files.readString(program).split("\r?\n", -1).length, rows.size());
        assertTrue(rows.stream().anyMatch(r -> r.isDisplayed() && r.getText().contains("__VERIFIER_assert")));
        List<WebElement> svgs = browser.findElements(By.cssSelector("svg.graph"));
        assertEquals(2, svgs.size());
        for (WebElement svg : svgs) {
            assertTrue(svg.isDisplayed() && svg.getSize().getWidth() > 50 && svg.getSize().getHeight() > 50, "" + svg.getSize());
            assertTrue(!svg.findElements(By.tagName("rect")).isEmpty() && !svg.findElements(By.tagName("polyline")).isEmpty());
        }
    }

    private static void assertNoConsoleErrors() {
        List<LogEntry> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
        assertTrue(severe.isEmpty(), "console errors: " + severe);
    }

    @Test
    void safeReportRenders() throws Exception {
        open(HtmlReportTest.SAFE, 0, "SAFE");
        assertTrue(browser.findElement(By.id("L11")).getText().contains("invariant: "));
        assertTrue(browser.findElement(By.id("invariants")).isDisplayed());
        assertNoConsoleErrors();
    }

    @Test
    void unsafeReportRendersTheTraceAndStepsThroughIt() throws Exception {
        open(HtmlReportTest.UNSAFE, 10, "UNSAFE");
        List<WebElement> steps = browser.findElements(By.cssSelector("ol.steps li"));
        assertTrue(steps.size() > 5 && steps.get(steps.size() - 1).isDisplayed());
        assertTrue(steps.get(steps.size() - 1).getText().endsWith("the assertion fails: s = 15"));
        // the script starts at the first step; 'next step' moves on, and the source line of the step is marked
        assertEquals("step 1 of " + steps.size(), browser.findElement(By.id("step-n")).getText());
        browser.findElement(By.id("next")).click();
        assertEquals("step 2 of " + steps.size(), browser.findElement(By.id("step-n")).getText());
        assertTrue(browser.findElement(By.id("L8")).getAttribute("class").contains("current"));
        assertNoConsoleErrors();
    }
}
