package dev.duet.engine.internal.field;

import com.google.common.net.InetAddresses;
import dev.duet.engine.error.DuetException;
import java.net.InetAddress;
import org.apache.lucene.document.InetAddressPoint;
import org.apache.lucene.util.BytesRef;

/**
 * IP addresses as OpenSearch reads and writes them: literals only (never a name lookup), IPv4 and
 * IPv6, an IPv4-mapped IPv6 address the same as its IPv4 address; written in RFC 5952's shortest
 * form; CIDR blocks ({@code 192.168.0.0/16}) with OpenSearch's checks and words.
 */
public final class IpAddresses {
  private IpAddresses() {}

  /** The address a literal names; 400 {@code "'x' is not an IP string literal."} otherwise. */
  public static InetAddress parse(String text) {
    try {
      return InetAddresses.forString(text);
    } catch (IllegalArgumentException e) {
      throw DuetException.illegalArgument("'" + text + "' is not an IP string literal.");
    }
  }

  /** The address a literal names, as its 16-byte sortable encoding (doc values, points). */
  public static BytesRef encode(String text) {
    return new BytesRef(InetAddressPoint.encode(parse(text)));
  }

  /** An address as OpenSearch writes it ({@code ::1}, {@code 192.168.0.1}). */
  public static String format(InetAddress address) {
    return InetAddresses.toAddrString(address);
  }

  /** A 16-byte encoded address as OpenSearch writes it. */
  public static String format(BytesRef encoded) {
    byte[] bytes = new byte[InetAddressPoint.BYTES];
    System.arraycopy(encoded.bytes, encoded.offset, bytes, 0, InetAddressPoint.BYTES);
    return format(InetAddressPoint.decode(bytes));
  }

  /**
   * A CIDR block {@code address/prefix}: the lowest and highest address in it, checked as
   * OpenSearch's {@code InetAddresses.parseCidr} checks it.
   */
  public static InetAddress[] cidr(String block) {
    String[] parts = block.split("/");
    if (parts.length != 2) {
      throw DuetException.illegalArgument("Expected [ip/prefix] but was [" + block + "]");
    }
    InetAddress address = parse(parts[0]);
    if (parts[0].contains(":") && address.getAddress().length == 4) {
      throw DuetException.illegalArgument(
          "CIDR notation is not allowed with IPv6-mapped IPv4 address ["
              + parts[0]
              + " as it introduces ambiguity as to whether the prefix length should be"
              + " interpreted as a v4 prefix length or a v6 prefix length");
    }
    int prefix;
    try {
      prefix = Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "number_format_exception", "For input string: \"" + parts[1] + "\"");
    }
    byte[] lower = address.getAddress();
    if (prefix < 0 || prefix > 8 * lower.length) {
      throw DuetException.illegalArgument(
          "Illegal prefix length ["
              + prefix
              + "] in ["
              + block
              + "]. Must be 0-32 for IPv4 ranges, 0-128 for IPv6 ranges");
    }
    byte[] upper = lower.clone();
    for (int i = prefix; i < 8 * lower.length; i++) {
      int m = 1 << (7 - (i & 7));
      lower[i >> 3] &= (byte) ~m;
      upper[i >> 3] |= (byte) m;
    }
    try {
      return new InetAddress[] {InetAddress.getByAddress(lower), InetAddress.getByAddress(upper)};
    } catch (java.net.UnknownHostException e) {
      throw new IllegalStateException(e); // 4 or 16 bytes: cannot happen
    }
  }
}
