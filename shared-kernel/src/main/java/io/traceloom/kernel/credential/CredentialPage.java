package io.traceloom.kernel.credential;

import java.util.List;

/** One page of credentials and the number across all pages. */
public record CredentialPage(List<CredentialView> items, long total) {
}
