public class PT { public static void main(String[] a) throws Exception {
  long t0=System.nanoTime();
  Object o = a[0].equals("all") ? new picocli.CommandLine(Class.forName("pdpv.cli.Main").getDeclaredConstructor().newInstance())
    : new picocli.CommandLine(picocli.CommandLine.Model.CommandSpec.forAnnotatedObject(vc()));
  long t1=System.nanoTime();
  System.out.printf("%s %.0f ms%n", a[0], (t1-t0)/1e6);
}
static Object vc() throws Exception { var c=Class.forName("pdpv.cli.VerifyCommand").getDeclaredConstructor(); c.setAccessible(true); return c.newInstance(); }
}
