package dev.duet.protogen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.protogen.check.AcceptedBreaks;
import dev.duet.protogen.check.CheckReport;
import dev.duet.protogen.check.Protoc;
import dev.duet.protogen.check.Rule.RuleSet;
import dev.duet.protogen.postprocess.NumberingLedger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The build's guard on api/: the checked-in protos and ledger are what the pipeline generates from
 * api/openapi/duet.yaml (no drift), and they do not break clients of api/proto-baseline.
 */
class ApiContractTest {
  private static final Path API = Path.of("..", "api");
  private static final String REGENERATE =
      "api/proto is not what protogen generates from api/openapi/duet.yaml; run "
          + "`./duet protogen generate --spec api/openapi/duet.yaml --out api/proto "
          + "--ledger api/proto-ledger.json` and check in the result";

  @Test
  void theCheckedInProtosAreWhatTheSpecGenerates() throws Exception {
    Path ledgerFile = API.resolve("proto-ledger.json");
    NumberingLedger ledger = NumberingLedger.read(ledgerFile);
    Protogen.Generated generated =
        Protogen.generate(API.resolve("openapi/duet.yaml"), "duet", ledger, false);
    assertThat(Protogen.read(API.resolve("proto"))).as(REGENERATE).isEqualTo(generated.files());
    assertThat(Files.readString(ledgerFile, StandardCharsets.UTF_8))
        .as(REGENERATE + " (the ledger)")
        .isEqualTo(ledger.toJson());
  }

  @Test
  void theProtosDoNotBreakClientsOfTheBaseline() {
    Protoc protoc = Protoc.locate();
    CheckReport report =
        CheckReport.of(
            protoc.compile(API.resolve("proto-baseline")),
            protoc.compile(API.resolve("proto")),
            RuleSet.WIRE_JSON,
            AcceptedBreaks.read(API.resolve("proto-accepted-breaks.txt")),
            "api/proto-baseline → api/proto");
    assertThat(report.breaks())
        .as(
            "api/proto breaks clients of api/proto-baseline; fix the spec, or accept the break "
                + "with a reason in api/proto-accepted-breaks.txt:\n"
                + report.text())
        .isEmpty();
  }
}
