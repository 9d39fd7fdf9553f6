public class Z3Init { public static void main(String[] a) { long t=System.nanoTime(); new com.microsoft.z3.Context().close(); System.out.println("z3 init ms " + (System.nanoTime()-t)/1e6); } }
