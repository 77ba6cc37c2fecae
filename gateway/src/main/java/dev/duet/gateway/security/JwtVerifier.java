package dev.duet.gateway.security;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import dev.duet.gateway.config.GatewayConfig.Jwt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Verifies bearer tokens: signature (HS256 with the configured secret, RS256 with the keys of the
 * JWKS file), issuer, audience, and that {@code exp} lies ahead ({@code nbf}, when present,
 * behind). Returns the verified claims; anything else is an {@link IllegalArgumentException} whose
 * message says what was wrong.
 */
final class JwtVerifier {
  private final DefaultJWTProcessor<SecurityContext> processor;
  private final String tenantClaim;

  JwtVerifier(Jwt config) {
    List<JWK> keys = new ArrayList<>();
    Set<JWSAlgorithm> algorithms = new java.util.HashSet<>();
    if (config.hs256Secret() != null) {
      byte[] secret = config.hs256Secret().getBytes(StandardCharsets.UTF_8);
      if (secret.length < 32) {
        throw new IllegalArgumentException(
            "jwt.hs256_secret: " + secret.length + " bytes (expected: >= 32 for HS256)");
      }
      keys.add(new OctetSequenceKey.Builder(secret).build());
      algorithms.add(JWSAlgorithm.HS256);
    }
    if (config.jwksFile() != null) {
      try {
        keys.addAll(JWKSet.load(Path.of(config.jwksFile()).toFile()).getKeys());
      } catch (IOException e) {
        throw new UncheckedIOException("jwt.jwks_file: cannot read " + config.jwksFile(), e);
      } catch (ParseException e) {
        throw new IllegalArgumentException(
            "jwt.jwks_file: " + config.jwksFile() + " is not a JWK set: " + e.getMessage(), e);
      }
      algorithms.add(JWSAlgorithm.RS256);
    }
    this.tenantClaim = config.tenantClaim();
    processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(
        new JWSVerificationKeySelector<>(algorithms, new ImmutableJWKSet<>(new JWKSet(keys))));
    processor.setJWTClaimsSetVerifier(
        new DefaultJWTClaimsVerifier<>(
            config.audience(),
            new JWTClaimsSet.Builder().issuer(config.issuer()).build(),
            Set.of("exp", "sub", tenantClaim)));
  }

  /** The tenant named by a valid token, with its subject. */
  Claims verify(String token) {
    try {
      JWTClaimsSet claims = processor.process(token, null);
      Object tenant = claims.getClaim(tenantClaim);
      if (!(tenant instanceof String name)) {
        throw new IllegalArgumentException("claim [" + tenantClaim + "] is not a string");
      }
      return new Claims(name, claims.getSubject());
    } catch (ParseException e) {
      throw new IllegalArgumentException("malformed token: " + e.getMessage(), e);
    } catch (BadJOSEException | com.nimbusds.jose.JOSEException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  record Claims(String tenant, String subject) {}
}
