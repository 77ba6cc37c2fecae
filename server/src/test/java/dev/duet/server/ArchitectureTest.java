package dev.duet.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The server reaches the engine through its API only, never its implementation. */
@AnalyzeClasses(packages = "dev.duet.server", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  @ArchTest
  static final ArchRule serverDoesNotUseEngineInternals =
      noClasses()
          .that()
          .resideInAPackage("dev.duet.server..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.duet.engine.internal..");
}
