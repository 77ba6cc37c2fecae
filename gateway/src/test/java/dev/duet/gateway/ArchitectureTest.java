package dev.duet.gateway;

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
 * The gateway's layering: its packages depend on each other one way only (the root package wires
 * them, {@code error} is the bottom), and it carries none of the node — adaptor mode's translation,
 * which needs the node's model and codec, is module {@code adaptor/}, found at run time.
 */
@AnalyzeClasses(packages = "dev.duet.gateway", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  /** Each package its own slice: the root package too, and a subpackage apart from its parent. */
  private static final SliceAssignment EACH_PACKAGE =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String pkg = javaClass.getPackageName();
          return pkg.equals("dev.duet.gateway") || pkg.startsWith("dev.duet.gateway.")
              ? SliceIdentifier.of(pkg)
              : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "each package of dev.duet.gateway";
        }
      };

  @ArchTest
  static final ArchRule noPackageCycles =
      slices().assignedFrom(EACH_PACKAGE).should().beFreeOfCycles();

  @ArchTest
  static final ArchRule noNodeCode =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.duet.engine..",
              "dev.duet.server..",
              "dev.duet.adaptor..",
              "org.apache.lucene..");
}
