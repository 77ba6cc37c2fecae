package dev.duet.adaptor;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The adaptor's seam to the node stays narrow: the node's protobuf codec ({@code
 * server.grpc.ProtoCodec}) and the engine's request model, none of the node's internals and no
 * Lucene — so the model and the codec can later move to a Lucene-free module that the adaptor
 * depends on instead of the server.
 */
@AnalyzeClasses(packages = "dev.duet.adaptor", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  @ArchTest
  static final ArchRule ofTheServerOnlyItsCodec =
      noClasses()
          .should()
          .dependOnClassesThat(
              resideInAPackage("dev.duet.server..").and(not(simpleName("ProtoCodec"))));

  @ArchTest
  static final ArchRule noEngineInternalsNorLucene =
      noClasses()
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("dev.duet.engine.internal..", "org.apache.lucene..");
}
