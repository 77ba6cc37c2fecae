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
    SwaggerParseResult result = parse(spec, true);
    if (result.getOpenAPI() != null
        && result.getOpenAPI().getOpenapi() != null
        && result.getOpenAPI().getOpenapi().startsWith("3.1")) {
      // swagger-parser's resolve dereferences every $ref of a 3.1 spec, components too: each use
      // of a schema would become a copy of it. Read 3.1 as written; its references stay named.
      result = parse(spec, false);
    }
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

  private static SwaggerParseResult parse(Path spec, boolean resolve) {
    ParseOptions options = new ParseOptions();
    // Resolve external and relative references, but keep #/components/schemas refs: they become
    // named messages.
    options.setResolve(resolve);
    return new OpenAPIParser()
        .readLocation(spec.toAbsolutePath().toUri().toString(), null, options);
  }

  /** A spec that cannot be read or mapped; the message says where and why. */
  public static final class SpecException extends RuntimeException {
    public SpecException(String message) {
      super(message);
    }
  }
}
