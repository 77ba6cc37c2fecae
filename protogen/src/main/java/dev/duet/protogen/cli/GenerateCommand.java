package dev.duet.protogen.cli;

import dev.duet.protogen.Protogen;
import dev.duet.protogen.postprocess.NumberingLedger;
import dev.duet.protogen.preprocess.Diagnostics;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code protogen generate --spec FILE --out DIR [--ledger FILE] [--package NAME]}. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = "Generate proto3 files from an OpenAPI 3 spec (exit 2 if it cannot be mapped).")
final class GenerateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--spec", required = true, description = "The OpenAPI 3 spec (YAML or JSON).")
  Path specFile;

  @Option(
      names = "--out",
      required = true,
      description = "Folder for the .proto files; stale ones are removed.")
  Path out;

  @Option(
      names = "--ledger",
      description = "Numbering ledger (JSON), read and updated; keeps numbers stable.")
  Path ledger;

  @Option(
      names = "--package",
      defaultValue = "duet",
      description = "Proto package prefix (default: ${DEFAULT-VALUE}).")
  String protoPackage;

  @Option(
      names = "--lenient",
      description =
          "Carry unmappable spots as google.protobuf.Value and report them, instead of failing.")
  boolean lenient;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    NumberingLedger numbers =
        ledger == null ? NumberingLedger.empty() : NumberingLedger.read(ledger);
    Protogen.Generated generated;
    try {
      generated = Protogen.generate(specFile, protoPackage, numbers, lenient);
    } catch (Protogen.MappingException e) {
      err.println("protogen: " + e.getMessage());
      return ProtogenCli.ERROR;
    }
    Protogen.write(generated.files(), out);
    if (ledger != null) {
      numbers.write(ledger);
    }
    for (Diagnostics.Problem p : generated.diagnostics().problems()) {
      err.println(p);
    }
    spec.commandLine()
        .getOut()
        .println(
            "generated "
                + generated.files().size()
                + " file(s) in "
                + out
                + "; "
                + generated.diagnostics().problems().size()
                + " spot(s) mapped with a fallback");
    return 0;
  }
}
