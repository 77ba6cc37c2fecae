package dev.duet.gateway.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * API keys are stored as SHA-256 hashes only, so a leaked config file leaks no key. Keys are long
 * random strings, so an unsalted fast hash is enough (it is a lookup key, not a password hash).
 */
public final class ApiKeys {
  private ApiKeys() {}

  /** The lowercase hex SHA-256 of the key's UTF-8 bytes: what {@code api_keys} holds. */
  public static String hash(String key) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
