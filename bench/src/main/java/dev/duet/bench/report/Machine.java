package dev.duet.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a report says about the machine the bench ran on, so that figures can be compared. */
public final class Machine {
  private Machine() {}

  /** Cores, CPU model, OS and JVM of this machine. */
  public static Map<String, String> describe() {
    Map<String, String> machine = new LinkedHashMap<>();
    machine.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
    machine.put("cpu", cpuModel());
    machine.put(
        "os",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    machine.put(
        "jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    return machine;
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // Not Linux: the model is only informative.
    }
    return "?";
  }
}
