package dev.duet.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The engine's layering, checked on its compiled classes: packages depend on each other one way
 * only, the API (the records both transports decode into) knows nothing of the implementation,
 * Lucene, JSON or protobuf, and the engine knows nothing of the modules built on it.
 */
@AnalyzeClasses(packages = "dev.duet.engine", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  private static final String[] API = {
    "dev.duet.engine",
    "dev.duet.engine.analysis..",
    "dev.duet.engine.breaker..",
    "dev.duet.engine.document..",
    "dev.duet.engine.error..",
    "dev.duet.engine.index..",
    "dev.duet.engine.mapping..",
    "dev.duet.engine.search..",
    "dev.duet.engine.snapshot..",
    "dev.duet.engine.ingest.."
  };

  /** Every package is its own slice: no two packages, however far apart, import each other. */
  @ArchTest
  static final ArchRule noPackageCycles =
      slices().matching("dev.duet.(**)").should().beFreeOfCycles();

  /**
   * The API does not reach into the implementation. One exception is left: {@code
   * SourceFilter.apply}, which the server's get action calls to filter a document's source after
   * the engine returns it; it goes when the engine filters a get's source itself.
   */
  @ArchTest
  static final ArchRule apiDoesNotUseInternal =
      noClasses()
          .that()
          .resideInAnyPackage(API)
          .and()
          .doNotHaveFullyQualifiedName("dev.duet.engine.search.SourceFilter")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.duet.engine.internal..");

  @ArchTest
  static final ArchRule apiHasNoLuceneJsonOrProtobuf =
      noClasses()
          .that()
          .resideInAnyPackage(API)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.apache.lucene..", "com.fasterxml.jackson..", "com.google.protobuf..");

  @ArchTest
  static final ArchRule engineDoesNotUseServerOrGateway =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.duet.server..", "dev.duet.gateway..", "io.grpc..", "com.linecorp.armeria..");
}
