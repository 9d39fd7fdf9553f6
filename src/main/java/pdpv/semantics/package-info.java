/**
 * The single definition of C integer behaviour (design page, "C semantics"): types with width and
 * signedness, the data model, integer promotions and usual arithmetic conversions, and the meaning
 * of every operation over an abstract {@link pdpv.semantics.BitVectorAlgebra}. The SMT encoder,
 * the concrete interpreter and the abstract interpreter instantiate that algebra, so the model and
 * the replay cannot disagree. The kinds of undefined behaviour ({@link pdpv.semantics.UndefinedBehaviour}),
 * when an operation has one ({@link pdpv.semantics.CSemantics#undefined}) and what it means
 * ({@link pdpv.semantics.UbReading}, {@link pdpv.semantics.UbReadings}) are defined here too.
 */
package pdpv.semantics;
