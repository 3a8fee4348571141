package io.traceloom.kernel.credential;

/** Answered with an {@code Optional<StatusListView>}. Status lists are public: no tenant. */
public record FindStatusList(String listId) {

    /** Where the service serves status lists, below its public base URL; a list's URL adds its id. */
    public static final String PATH = "/credentials/status/";
}
