package io.traceloom.kernel.custody;

import java.util.List;

/** One page of custody commissions and how many there are across all pages. */
public record CustodyCommissionPage(List<CustodyCommissionView> items, long total) {
}
