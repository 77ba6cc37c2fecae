package dev.duet.server.rest;

import java.io.IOException;

/** Answers one REST route; runs off the event loop, so it may block on the engine. */
@FunctionalInterface
public interface RestHandler {
  RestResponse handle(RestRequest request) throws IOException;
}
