package io.traceloom.api.support;

import io.traceloom.api.audit.AuditCases;
import io.traceloom.api.canvas.CanvasCases;
import io.traceloom.api.credential.CredentialCases;
import io.traceloom.api.custody.CustodyCases;
import io.traceloom.api.file.FileCases;
import io.traceloom.api.linkset.LinkSetCases;
import io.traceloom.api.partnertag.PartnerTagCases;
import io.traceloom.api.schema.SchemaCases;
import io.traceloom.api.tenantuser.TenantUserCases;
import io.traceloom.api.theme.ThemeCases;
import io.traceloom.api.tradeitem.TradeItemCases;
import io.traceloom.api.tradeitemtag.TradeItemTagCases;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every feature, with its cases for the shared suites: the one list a new feature is added to. The order is the
 * order the suites make and try things in: a feature after those whose resources its own refer to (a trade item
 * after its tag, a theme after its icon's file, a canvas template after its schema), the audit log after what it
 * records and before custody (whose consume writes the owner's identifier into the trying tenant's events).
 */
public final class Features {

    public static final List<FeatureCases> ALL = List.of(
            new TenantUserCases(),
            new TradeItemTagCases(),
            new PartnerTagCases(),
            new TradeItemCases(),
            new FileCases(),
            new ThemeCases(),
            new LinkSetCases(),
            new SchemaCases(),
            new CanvasCases(),
            new CredentialCases(),
            new AuditCases(),
            new CustodyCases());

    private Features() {
    }

    /** The features' package names. */
    public static Set<String> names() {
        return ALL.stream().map(FeatureCases::feature).collect(Collectors.toUnmodifiableSet());
    }
}
