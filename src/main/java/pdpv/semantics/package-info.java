/**
 * The single definition of C integer behaviour (design page, "C semantics"): types with width and
 * signedness, the data model, integer promotions and usual arithmetic conversions, and the meaning
 * of every operation over an abstract {@link pdpv.semantics.BitVectorAlgebra}. The SMT encoder,
 * the concrete interpreter and the abstract interpreter instantiate that algebra, so the model and
 * the replay cannot disagree. What a signed overflow means ({@link pdpv.semantics.SignedOverflow})
 * and when an operation overflows ({@link pdpv.semantics.CSemantics#overflows}) are defined here too.
 */
package pdpv.semantics;
