package dev.duet.server.rest;

import static com.linecorp.armeria.common.HttpMethod.DELETE;
import static com.linecorp.armeria.common.HttpMethod.GET;
import static com.linecorp.armeria.common.HttpMethod.POST;
import static com.linecorp.armeria.common.HttpMethod.PUT;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RestRouterTest {
  private final RestHandler bulk = r -> RestResponse.empty(200);
  private final RestHandler createIndex = r -> RestResponse.empty(200);
  private final RestHandler getIndex = r -> RestResponse.empty(200);
  private final RestHandler getDoc = r -> RestResponse.empty(200);
  private final RestRouter router =
      new RestRouter()
          .add("/_bulk", bulk, POST, PUT)
          .add("/{index}", createIndex, PUT)
          .add("/{index}", getIndex, GET)
          .add("/{index}/_doc/{id}", getDoc, GET);

  @Test
  void literalsWinAndVariablesAreCaptured() {
    assertThat(router.route(POST, "/_bulk"))
        .isEqualTo(new RestRouter.Match.Found(bulk, Map.of(), "/_bulk"));
    assertThat(router.route(GET, "/books/_doc/7/"))
        .isEqualTo(
            new RestRouter.Match.Found(
                getDoc, Map.of("index", "books", "id", "7"), "/{index}/_doc/{id}"));
  }

  @Test
  void aLiteralWithOtherMethodsIs405NotTheVariableRoute() {
    assertThat(router.route(GET, "/_bulk"))
        .isEqualTo(new RestRouter.Match.MethodNotAllowed(java.util.List.of(POST, PUT)));
    assertThat(router.route(DELETE, "/books"))
        .isEqualTo(new RestRouter.Match.MethodNotAllowed(java.util.List.of(GET, PUT)));
  }

  @Test
  void unknownPathsAreNotFound() {
    assertThat(router.route(GET, "/a/b/c/d")).isEqualTo(new RestRouter.Match.NotFound());
    assertThat(router.route(GET, "/books/_doc")).isEqualTo(new RestRouter.Match.NotFound());
  }
}
