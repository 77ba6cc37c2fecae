/** {@code ./duet gateway}: {@link dev.duet.gateway.cli.GatewayCli}. */
package dev.duet.gateway.cli;
