package dev.duet.protogen.postprocess;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.duet.protogen.model.EnumDef;
import dev.duet.protogen.model.FieldDef;
import dev.duet.protogen.model.MessageDef;
import dev.duet.protogen.model.ProtoFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Field and enum-value numbers, by type and name, kept across generations (checked in as {@code
 * api/proto-ledger.json}): a name keeps its number forever; a name that disappears becomes reserved
 * (number and name) so neither is reused; new names get numbers above every number ever used. Types
 * that disappear stay in the ledger, so they come back with their old numbers.
 */
public final class NumberingLedger {
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
  private static final int FIRST_RESERVED_BY_PROTOBUF = 19000;
  private static final int LAST_RESERVED_BY_PROTOBUF = 19999;

  private final Book book;

  private NumberingLedger(Book book) {
    this.book = book;
  }

  public static NumberingLedger empty() {
    return new NumberingLedger(new Book());
  }

  /** Reads a ledger; a missing file is an empty ledger (the first generation). */
  public static NumberingLedger read(Path file) {
    if (!Files.exists(file)) {
      return empty();
    }
    try {
      return new NumberingLedger(JSON.readValue(file.toFile(), Book.class));
    } catch (IOException e) {
      throw new UncheckedIOException("ledger " + file + ": " + e.getMessage(), e);
    }
  }

  /** Numbers every field and enum value in {@code files}, and reserves what disappeared. */
  public void apply(List<ProtoFile> files) {
    for (ProtoFile f : files) {
      for (MessageDef m : f.messages()) {
        message(m);
      }
      for (EnumDef e : f.enums()) {
        enumeration(e);
      }
    }
  }

  /** Whether {@code field} of message {@code messageFullName} has a number in this ledger. */
  public boolean numbers(String messageFullName, String field) {
    Entry entry = book.messages.get(messageFullName);
    return entry != null && entry.numbers.containsKey(field);
  }

  public String toJson() {
    try {
      return JSON.writeValueAsString(book) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void write(Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Files.writeString(file, toJson(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("ledger " + file + ": " + e.getMessage(), e);
    }
  }

  private void message(MessageDef m) {
    Entry entry = book.messages.computeIfAbsent(m.fullName(), k -> new Entry());
    List<String> names = new ArrayList<>();
    for (FieldDef f : m.fields()) {
      names.add(f.name());
    }
    entry.number(names, 1);
    for (FieldDef f : m.fields()) {
      f.number(entry.numbers.get(f.name()));
    }
    m.reservedNumbers().addAll(entry.reservedNumbers);
    m.reservedNames().addAll(entry.reservedNames);
    for (MessageDef n : m.nested()) {
      message(n);
    }
    for (EnumDef e : m.nestedEnums()) {
      enumeration(e);
    }
  }

  private void enumeration(EnumDef e) {
    Entry entry = book.enums.computeIfAbsent(e.fullName(), k -> new Entry());
    List<String> names = new ArrayList<>();
    for (EnumDef.EnumValueDef v : e.values()) {
      if (v.number() == 0) {
        entry.numbers.put(v.name(), 0); // the UNSPECIFIED default is always zero
      } else {
        names.add(v.name());
      }
    }
    entry.number(names, 1);
    for (EnumDef.EnumValueDef v : e.values()) {
      v.number(entry.numbers.get(v.name()));
    }
    e.reservedNumbers().addAll(entry.reservedNumbers);
    e.reservedNames().addAll(entry.reservedNames);
  }

  /** The ledger file's shape. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  static final class Book {
    @JsonProperty("messages")
    TreeMap<String, Entry> messages = new TreeMap<>();

    @JsonProperty("enums")
    TreeMap<String, Entry> enums = new TreeMap<>();
  }

  /** Numbers of one message's fields (or one enum's values), and what is reserved. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  static final class Entry {
    @JsonProperty("numbers")
    TreeMap<String, Integer> numbers = new TreeMap<>();

    @JsonProperty("reserved_numbers")
    TreeSet<Integer> reservedNumbers = new TreeSet<>();

    @JsonProperty("reserved_names")
    TreeSet<String> reservedNames = new TreeSet<>();

    /** Gives {@code current} names their numbers; reserves names no longer present. */
    void number(List<String> current, int first) {
      TreeSet<String> keep = new TreeSet<>(current);
      for (String gone : new ArrayList<>(numbers.keySet())) {
        int n = numbers.get(gone);
        if (!keep.contains(gone) && n != 0) {
          numbers.remove(gone);
          reservedNumbers.add(n);
          reservedNames.add(gone);
        }
      }
      int next = first;
      for (int n : numbers.values()) {
        next = Math.max(next, n + 1);
      }
      if (!reservedNumbers.isEmpty()) {
        next = Math.max(next, reservedNumbers.last() + 1);
      }
      for (String name : current) {
        if (numbers.containsKey(name)) {
          continue;
        }
        // A name that comes back gets a new number: its old one may have meant another type.
        reservedNames.remove(name);
        if (next >= FIRST_RESERVED_BY_PROTOBUF && next <= LAST_RESERVED_BY_PROTOBUF) {
          next = LAST_RESERVED_BY_PROTOBUF + 1;
        }
        numbers.put(name, next++);
      }
    }
  }
}
