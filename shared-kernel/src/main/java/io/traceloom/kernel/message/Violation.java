package io.traceloom.kernel.message;

/**
 * One rule a JSON document breaks, in the terms of JSON Schema's output formats.
 *
 * @param instanceLocation where in the document, as a JSON pointer ({@code ""} is the whole document)
 * @param keywordLocation  which rule, as the JSON pointer of the keyword in the schema, along the path the
 *                         evaluation took ({@code /properties/lot/$ref/minimum})
 * @param message          a sentence a client can show
 */
public record Violation(String instanceLocation, String keywordLocation, String message) {
}
