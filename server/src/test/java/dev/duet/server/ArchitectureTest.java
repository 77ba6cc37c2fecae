package dev.duet.server;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The server's layering, enforced: its packages depend on each other one way only, it uses the
 * engine through the engine's API (never {@code dev.duet.engine.internal}), and the two wire codecs
 * ({@code rest.codec}, {@code grpc}) do not reach into each other: what they share lives in the
 * engine's request model.
 */
@AnalyzeClasses(packages = "dev.duet.server", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  /** One slice per package of the server (its root package included). */
  private static final SliceAssignment SERVER_PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String pkg = javaClass.getPackageName();
          return pkg.equals("dev.duet.server") || pkg.startsWith("dev.duet.server.")
              ? SliceIdentifier.of(pkg)
              : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "packages of dev.duet.server";
        }
      };

  @ArchTest
  static final ArchRule noPackageCycles =
      slices().assignedFrom(SERVER_PACKAGES).should().beFreeOfCycles();

  @ArchTest
  static final ArchRule noEngineInternals =
      noClasses()
          .that()
          .resideInAPackage("dev.duet.server..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.duet.engine.internal..");

  @ArchTest
  static final ArchRule restCodecDoesNotUseGrpc =
      noClasses()
          .that()
          .resideInAPackage("dev.duet.server.rest.codec..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.duet.server.grpc..");

  @ArchTest
  static final ArchRule grpcDoesNotUseRestCodec =
      noClasses()
          .that()
          .resideInAPackage("dev.duet.server.grpc..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.duet.server.rest.codec..");
}
