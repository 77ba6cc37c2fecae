package dev.duet.protogen.model;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** An enum: values in spec order, the zero value first ({@code *_UNSPECIFIED}). */
public final class EnumDef {
  private final String name;
  private final String fullName;
  private final String doc;
  private final List<EnumValueDef> values = new ArrayList<>();

  /** Numbers and names of removed entries, kept so that neither is ever reused. */
  private final TreeSet<Integer> reservedNumbers = new TreeSet<>();

  private final TreeSet<String> reservedNames = new TreeSet<>();

  public EnumDef(String name, String fullName, String doc) {
    this.name = name;
    this.fullName = fullName;
    this.doc = doc;
  }

  public String name() {
    return name;
  }

  public String fullName() {
    return fullName;
  }

  public String doc() {
    return doc;
  }

  public List<EnumValueDef> values() {
    return values;
  }

  public TreeSet<Integer> reservedNumbers() {
    return reservedNumbers;
  }

  public TreeSet<String> reservedNames() {
    return reservedNames;
  }

  /** One value; {@code jsonValue} is the string the REST API uses for it. */
  public static final class EnumValueDef {
    private final String name;
    private final String jsonValue;
    private int number;

    public EnumValueDef(String name, String jsonValue, int number) {
      this.name = name;
      this.jsonValue = jsonValue;
      this.number = number;
    }

    public String name() {
      return name;
    }

    public String jsonValue() {
      return jsonValue;
    }

    public int number() {
      return number;
    }

    public void number(int number) {
      this.number = number;
    }
  }
}
