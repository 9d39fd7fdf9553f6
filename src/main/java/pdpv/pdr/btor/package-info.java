/**
 * BTOR2 models (bit-vector hardware model checking, CAV 2018) as transition systems for the QF_BV
 * PDR engine: {@link pdpv.pdr.btor.Btor2Reader} parses and translates a model,
 * {@link pdpv.pdr.btor.Btor2Check} runs the engine and reports the answer in the model's terms
 * ({@code pdpv mc}).
 */
package pdpv.pdr.btor;
