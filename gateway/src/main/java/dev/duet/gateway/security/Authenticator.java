package dev.duet.gateway.security;

import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.config.GatewayConfig.Tenant;
import dev.duet.gateway.error.RequestRefused;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.security.auth.x500.X500Principal;

/**
 * Maps the {@code Authorization} value of a REST request or gRPC call to an {@link Identity}:
 * {@code ApiKey <key>} (looked up by its SHA-256) or {@code Bearer <JWT>}; without one, a verified
 * client certificate (mTLS) by its subject. Built from one config generation; a reload builds a new
 * one.
 */
public final class Authenticator {
  private final Map<String, Tenant> tenantsByKeyHash = new HashMap<>();
  private final Map<String, Tenant> tenantsByName = new HashMap<>();
  private final Map<String, Tenant> tenantsByCertSubject = new HashMap<>();
  private final JwtVerifier jwt;

  public Authenticator(GatewayConfig config) {
    for (Tenant t : config.tenants()) {
      tenantsByName.put(t.name(), t);
      for (String hash : t.apiKeys()) {
        tenantsByKeyHash.put(hash, t);
      }
      for (String subject : t.clientCertSubjects()) {
        tenantsByCertSubject.put(subject, t);
      }
    }
    jwt = config.jwt() == null ? null : new JwtVerifier(config.jwt());
  }

  /**
   * The caller, or a 401 refusal. An {@code Authorization} value wins over a client certificate.
   *
   * @param authorization the header value, or {@code null} when absent
   * @param tls the connection's TLS session, or {@code null} on a plain connection
   */
  public Identity authenticate(String authorization, SSLSession tls) {
    if (authorization == null || authorization.isBlank()) {
      X500Principal subject = clientCertificateSubject(tls);
      if (subject != null) {
        String name = subject.getName(X500Principal.RFC2253);
        Tenant tenant = tenantsByCertSubject.get(name);
        if (tenant == null) {
          throw RequestRefused.unauthenticated(
              "client certificate [" + name + "] maps to no tenant");
        }
        return new Identity(tenant, "cert:" + name, "mtls");
      }
      throw RequestRefused.unauthenticated("missing authentication credentials for request");
    }
    int space = authorization.indexOf(' ');
    String scheme = space < 0 ? authorization : authorization.substring(0, space);
    String credentials = space < 0 ? "" : authorization.substring(space + 1).trim();
    switch (scheme.toLowerCase(Locale.ROOT)) {
      case "apikey" -> {
        String hash = ApiKeys.hash(credentials);
        Tenant tenant = tenantsByKeyHash.get(hash);
        if (tenant == null) {
          throw RequestRefused.unauthenticated("unable to authenticate with provided API key");
        }
        return new Identity(tenant, "key:" + hash.substring(0, 8), "api_key");
      }
      case "bearer" -> {
        if (jwt == null) {
          throw RequestRefused.unauthenticated("bearer tokens are not accepted (no jwt config)");
        }
        JwtVerifier.Claims claims;
        try {
          claims = jwt.verify(credentials);
        } catch (IllegalArgumentException e) {
          throw RequestRefused.unauthenticated("invalid bearer token: " + e.getMessage());
        }
        Tenant tenant = tenantsByName.get(claims.tenant());
        if (tenant == null) {
          throw RequestRefused.unauthenticated(
              "invalid bearer token: tenant [" + claims.tenant() + "] is unknown");
        }
        return new Identity(tenant, "sub:" + claims.subject(), "jwt");
      }
      default ->
          throw RequestRefused.unauthenticated(
              "unsupported authentication scheme [" + scheme + "] (expected: ApiKey or Bearer)");
    }
  }

  /** The subject of the verified client certificate, if the caller presented one. */
  private static X500Principal clientCertificateSubject(SSLSession tls) {
    if (tls == null) {
      return null;
    }
    try {
      Certificate[] chain = tls.getPeerCertificates();
      return chain.length > 0 && chain[0] instanceof X509Certificate x509
          ? x509.getSubjectX500Principal()
          : null;
    } catch (SSLPeerUnverifiedException e) {
      return null; // no client certificate (client_auth: optional)
    }
  }
}
