package io.traceloom.kernel.catalogue;

/**
 * One tag as a client states it, keyed by its code: an element of a set that a catalogue is made equal to.
 *
 * @param description optional
 */
public record TagInput(String code, String name, String description) {
}
