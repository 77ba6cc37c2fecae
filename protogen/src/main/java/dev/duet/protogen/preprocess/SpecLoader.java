package dev.duet.protogen.preprocess;

import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.nio.file.Path;
import java.util.List;

/** Loads an OpenAPI 3 document with swagger-parser, external references resolved. */
public final class SpecLoader {
  private SpecLoader() {}

  /** The parsed spec; a spec that does not parse is a {@link SpecException} listing why. */
  public static OpenAPI load(Path spec) {
    ParseOptions options = new ParseOptions();
    // Resolve external and relative references, but keep #/components/schemas refs: they become
    // named messages.
    options.setResolve(true);
    SwaggerParseResult result =
        new OpenAPIParser().readLocation(spec.toAbsolutePath().toUri().toString(), null, options);
    OpenAPI api = result.getOpenAPI();
    List<String> messages = result.getMessages() == null ? List.of() : result.getMessages();
    if (api == null) {
      throw new SpecException(spec + ": not an OpenAPI 3 document: " + String.join("; ", messages));
    }
    if (api.getPaths() == null) {
      throw new SpecException(
          spec + ": #/paths is missing: no operations to map to RPCs (webhooks are not mapped)");
    }
    return api;
  }

  /** A spec that cannot be read or mapped; the message says where and why. */
  public static final class SpecException extends RuntimeException {
    public SpecException(String message) {
      super(message);
    }
  }
}
