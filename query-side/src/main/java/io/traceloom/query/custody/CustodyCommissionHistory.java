package io.traceloom.query.custody;

import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A commission is an aggregate named after its id: its history is its creation, updates, its consumption and
 * its deletion (the identifier's claim and release are the identifier's own aggregate, not the commission's).
 */
@Configuration(proxyBeanMethods = false)
public class CustodyCommissionHistory {

    public static final ResourceHistory<CustodyCommissionDocument> CUSTODY_COMMISSIONS = ResourceHistory
            .of("custody-commissions", CustodyCommissionProjection.class, CustodyCommissionDocument.class);

    @Bean
    public ResourceHistory<CustodyCommissionDocument> custodyCommissionResourceHistory() {
        return CUSTODY_COMMISSIONS;
    }
}
