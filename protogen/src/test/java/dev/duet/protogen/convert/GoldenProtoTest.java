package dev.duet.protogen.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.protogen.Protogen;
import dev.duet.protogen.check.Protoc;
import dev.duet.protogen.postprocess.NumberingLedger;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The protos generated from {@code golden/library.yaml} are exactly the checked-in golden files.
 * After an intended change, regenerate them with {@code -Dprotogen.golden.update=true}.
 */
class GoldenProtoTest {
  @TempDir Path out;

  @Test
  void theLibrarySpecGivesTheGoldenProtos() throws Exception {
    Path spec = resource("golden/library.yaml");
    Path golden = spec.getParent().resolve("library");
    Map<String, String> generated =
        Protogen.generate(spec, "library", NumberingLedger.empty(), false).files();
    if (Boolean.getBoolean("protogen.golden.update")) {
      Path source = Path.of("src/test/resources/golden/library");
      Protogen.write(generated, source);
      Protogen.write(generated, golden);
    }
    assertThat(generated).isEqualTo(Protogen.read(golden));
  }

  @Test
  void theSameInputGivesByteIdenticalOutput() throws Exception {
    Path spec = resource("golden/library.yaml");
    Map<String, String> first =
        Protogen.generate(spec, "library", NumberingLedger.empty(), false).files();
    Map<String, String> second =
        Protogen.generate(spec, "library", NumberingLedger.empty(), false).files();
    assertThat(second).isEqualTo(first);
  }

  @Test
  void protocCompilesTheGeneratedProtos() throws Exception {
    Path spec = resource("golden/library.yaml");
    Protogen.write(Protogen.generate(spec, "library", NumberingLedger.empty(), false).files(), out);
    var set = Protoc.locate().compile(out);
    assertThat(set.getFileList())
        .extracting(f -> f.getName())
        .contains("library/books.proto", "library/common.proto", "library/search.proto");
  }

  private static Path resource(String name) throws URISyntaxException {
    return Path.of(GoldenProtoTest.class.getClassLoader().getResource(name).toURI());
  }
}
