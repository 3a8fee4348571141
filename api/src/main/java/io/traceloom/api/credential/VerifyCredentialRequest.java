package io.traceloom.api.credential;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** @param options accepted for compatibility with the VC HTTP API; none are interpreted yet */
public record VerifyCredentialRequest(JsonNode verifiableCredential, ObjectNode options) {
}
