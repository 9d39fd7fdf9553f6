/**
 * The front end, the only user of {@code org.eclipse.cdt}: {@link pdpv.frontend.FrontEnd} parses
 * a C file with CDT's GNU C parser (standard headers served from built-in text) and lowers its
 * entry function, with every call inlined, to the typed IR of {@code pdpv.cfg} under the
 * conventions of the design page ("C semantics"). Problems with the input are
 * {@link pdpv.frontend.UserError}s with file and line.
 */
package pdpv.frontend;
