package dev.duet.gateway.security;

import dev.duet.gateway.config.GatewayConfig.Tls;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;

/** The listeners' key material, from the PKCS#12 files {@code listen.tls} names. */
public final class TlsStores {
  private TlsStores() {}

  public static KeyManagerFactory keyManagers(Tls tls) {
    try {
      KeyStore store = load(tls.keystore(), tls.keystorePassword());
      KeyManagerFactory kmf =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(store, tls.keystorePassword().toCharArray());
      return kmf;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("tls.keystore: " + e.getMessage(), e);
    }
  }

  /** The client CAs for mTLS, or {@code null} when no truststore is configured. */
  public static TrustManagerFactory clientCas(Tls tls) {
    if (tls.truststore() == null) {
      return null;
    }
    try {
      KeyStore store = load(tls.truststore(), tls.truststorePassword());
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      return tmf;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("tls.truststore: " + e.getMessage(), e);
    }
  }

  private static KeyStore load(String file, String password) throws GeneralSecurityException {
    try (InputStream in = Files.newInputStream(Path.of(file))) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password.toCharArray());
      return store;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
