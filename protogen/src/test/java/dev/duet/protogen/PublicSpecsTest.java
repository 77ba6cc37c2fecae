package dev.duet.protogen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.duet.protogen.postprocess.NumberingLedger;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Real public specs (src/test/resources/public-specs, from npm; see its README) through the whole
 * pipeline, as a new user would run it: lenient output compiles with protoc; a strict run compiles
 * too, or refuses with every spot named by JSON pointer and the x-protobuf-* override to settle it.
 */
class PublicSpecsTest {
  private static final Logger LOG = LoggerFactory.getLogger(PublicSpecsTest.class);
  private static final Path ROOT = Path.of("src/test/resources/public-specs");

  @TempDir Path dir;

  static Stream<Arguments> specs() {
    // file, whether a strict run maps it without a human decision
    return Stream.of(
        Arguments.of("figma/openapi.yaml", false),
        Arguments.of("readme-oas-examples/3.1-train-travel.json", true),
        Arguments.of("readme-oas-examples/3.1-schema-types.json", true),
        Arguments.of("readme-oas-examples/3.0-petstore.json", true),
        Arguments.of("readme-oas-examples/3.0-parameters-style.json", true),
        Arguments.of("readme-oas-examples/3.0-schema-circular.json", true),
        Arguments.of("readme-oas-examples/3.0-polymorphism.json", false),
        Arguments.of("readme-oas-examples/3.0-complex-nesting.json", false),
        Arguments.of("readme-oas-examples/3.0-circular-paths.json", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("specs")
  void lenientOutputCompilesAndStrictCompilesOrNamesEachSpot(String file, boolean strictMaps) {
    Path spec = ROOT.resolve(file);
    Protogen.Generated lenient = Protogen.generate(spec, "pub", NumberingLedger.empty(), true);
    var descriptors = SpecFixtures.compile(dir, "lenient", lenient);
    assertThat(descriptors.getFileList()).isNotEmpty();

    Protogen.MappingException refused =
        catchThrowableOfType(
            Protogen.MappingException.class,
            () -> {
              Protogen.Generated strict =
                  Protogen.generate(spec, "pub", NumberingLedger.empty(), false);
              SpecFixtures.compile(dir, "strict", strict);
            });
    LOG.info(
        "{}: lenient compiled ({} files, {} fallbacks); strict {}",
        file,
        descriptors.getFileCount(),
        lenient.diagnostics().problems().size(),
        refused == null ? "compiled" : "refused with " + refused.problems().size() + " spot(s)");
    if (strictMaps) {
      assertThat(refused).isNull();
      return;
    }
    assertThat(refused).isNotNull();
    assertThat(refused.problems())
        .isNotEmpty()
        .allSatisfy(
            p -> {
              assertThat(p.pointer()).startsWith("#/");
              assertThat(p.reason()).contains("x-protobuf-");
            });
  }
}
