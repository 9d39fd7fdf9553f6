import java.nio.file.*; import java.io.*;
public class ZT {
  public static void main(String[] a) throws Exception {
    long t0=System.nanoTime();
    if (a[0].equals("turnkey")) {
      Class.forName("com.microsoft.z3.Native");
    } else {
      System.load(a[1]+"/libz3.so"); System.load(a[1]+"/libz3java.so");
    }
    long t1=System.nanoTime();
    System.out.printf("%s load %.0f ms%n", a[0], (t1-t0)/1e6);
  }
}
