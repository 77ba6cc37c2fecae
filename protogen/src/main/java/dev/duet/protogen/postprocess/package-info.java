/**
 * Stage three: the numbering ledger that gives every field and enum value its number for good and
 * turns removed ones into {@code reserved}. The compatibility check that follows lives in {@link
 * dev.duet.protogen.check}. Starting point: {@link dev.duet.protogen.postprocess.NumberingLedger}.
 */
package dev.duet.protogen.postprocess;
