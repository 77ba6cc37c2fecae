/**
 * What the node and the gateway both need and neither owns, below any protocol's meaning: {@link
 * dev.duet.common.FlushHeadWithBody} sends an HTTP/1 message's head and body in one socket write
 * (the node's REST listener, the gateway's upstream client), and {@link
 * dev.duet.common.SuppressForbidden} marks code allowed an API that forbidden-apis bans elsewhere.
 */
package dev.duet.common;
