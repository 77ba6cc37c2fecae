package dev.duet.adaptor;

import static dev.duet.adaptor.SearchResponseJson.JSON;
import static dev.duet.adaptor.SearchResponseJson.expect;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.WriteResult;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** OpenSearch's REST bulk answer read into the bulk model, streaming, item by item. */
final class BulkResponseJson {
  private BulkResponseJson() {}

  static BulkResponse read(byte[] body) throws IOException {
    long took = 0;
    boolean errors = false;
    List<BulkItemResponse> items = new ArrayList<>();
    try (JsonParser p = JSON.createParser(body)) {
      expect(p.nextToken(), JsonToken.START_OBJECT);
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        switch (name) {
          case "took" -> took = p.getLongValue();
          case "errors" -> errors = p.getBooleanValue();
          case "items" -> {
            while (p.nextToken() == JsonToken.START_OBJECT) {
              expect(p.nextToken(), JsonToken.FIELD_NAME);
              OpType op = OpType.valueOf(p.currentName().toUpperCase(Locale.ROOT));
              expect(p.nextToken(), JsonToken.START_OBJECT);
              items.add(item(op, p));
              expect(p.nextToken(), JsonToken.END_OBJECT);
            }
          }
          default -> p.skipChildren();
        }
      }
    }
    return new BulkResponse(took, errors, items);
  }

  private static BulkItemResponse item(OpType op, JsonParser p) throws IOException {
    String index = null;
    String id = null;
    int status = 0;
    String result = null;
    long version = 0;
    long seqNo = -1;
    long primaryTerm = 0;
    boolean forcedRefresh = false;
    int shardsTotal = 0;
    int shardsSuccessful = 0;
    DuetException failure = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "_index" -> index = p.getText();
        case "_id" -> id = value == JsonToken.VALUE_NULL ? null : p.getText();
        case "status" -> status = p.getIntValue();
        case "result" -> result = p.getText();
        case "_version" -> version = p.getLongValue();
        case "_seq_no" -> seqNo = p.getLongValue();
        case "_primary_term" -> primaryTerm = p.getLongValue();
        case "forced_refresh" -> forcedRefresh = p.getBooleanValue();
        case "_shards" -> {
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            switch (field) {
              case "total" -> shardsTotal = p.getIntValue();
              case "successful" -> shardsSuccessful = p.getIntValue();
              default -> p.skipChildren();
            }
          }
        }
        // The item's status is known only after its error in OpenSearch's field order; fixed below.
        case "error" -> failure = RestErrorJson.object(p, 0);
        default -> p.skipChildren();
      }
    }
    if (failure != null) {
      failure =
          new DuetException(
              status, failure.type(), failure.reason(), failure.metadata(), failure.causedBy());
      return new BulkItemResponse(op, index, id, status, null, failure);
    }
    WriteResult write =
        new WriteResult(
            result, version, seqNo, primaryTerm, forcedRefresh, shardsTotal, shardsSuccessful);
    return new BulkItemResponse(op, index, id, status, write, null);
  }
}
