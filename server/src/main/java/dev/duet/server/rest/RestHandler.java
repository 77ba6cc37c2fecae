package dev.duet.server.rest;

import java.io.IOException;

/** Answers one REST route; runs off the event loop, so it may block on the engine. */
@FunctionalInterface
public interface RestHandler {
  RestResponse handle(RestRequest request) throws IOException;

  /**
   * The answer, if it can be given on the event loop without blocking (a search the request cache
   * holds); null hands the request to {@link #handle} on a blocking thread. It must give exactly
   * what {@link #handle} would, and leave every error to it.
   */
  default RestResponse answerWithoutBlocking(RestRequest request) throws IOException {
    return null;
  }
}
