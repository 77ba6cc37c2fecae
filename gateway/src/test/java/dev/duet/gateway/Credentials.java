package dev.duet.gateway;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;

/** Keys and tokens for the tests: what a tenant's client would hold. */
final class Credentials {
  static final String ISSUER = "https://issuer.test";
  static final String AUDIENCE = "duet-gateway";
  static final String HS256_SECRET = "a-shared-secret-of-at-least-32-bytes!!";
  static final RSAKey RSA;

  static {
    try {
      RSA = new RSAKeyGenerator(2048).keyID("test-rsa").generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  private Credentials() {}

  static String apiKey(String key) {
    return "ApiKey " + key;
  }

  static String hs256(String tenant, Instant expiry) {
    return sign(tenant, expiry, ISSUER, new JWSHeader(JWSAlgorithm.HS256), false);
  }

  static String rs256(String tenant, Instant expiry) {
    return sign(
        tenant,
        expiry,
        ISSUER,
        new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("test-rsa").build(),
        true);
  }

  static String hs256WithIssuer(String tenant, String issuer) {
    return sign(
        tenant, Instant.now().plusSeconds(600), issuer, new JWSHeader(JWSAlgorithm.HS256), false);
  }

  /** The public half as a JWKS document, as {@code jwt.jwks_file} holds it. */
  static String jwks() {
    return "{\"keys\":[" + RSA.toPublicJWK().toJSONString() + "]}";
  }

  private static String sign(
      String tenant, Instant expiry, String issuer, JWSHeader header, boolean rsa) {
    try {
      JWTClaimsSet claims =
          new JWTClaimsSet.Builder()
              .issuer(issuer)
              .audience(AUDIENCE)
              .subject("user-of-" + tenant)
              .claim("tenant", tenant)
              .issueTime(Date.from(Instant.now().minusSeconds(3600)))
              .expirationTime(Date.from(expiry))
              .build();
      SignedJWT jwt = new SignedJWT(header, claims);
      jwt.sign(
          rsa
              ? new RSASSASigner(RSA)
              : new MACSigner(HS256_SECRET.getBytes(StandardCharsets.UTF_8)));
      return "Bearer " + jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }
}
