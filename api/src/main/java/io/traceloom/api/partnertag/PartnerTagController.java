package io.traceloom.api.partnertag;

import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.catalogue.TagCatalogueController;
import io.traceloom.api.catalogue.TagRequest;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.partnertag.CreatePartnerTag;
import io.traceloom.kernel.partnertag.DeletePartnerTag;
import io.traceloom.kernel.partnertag.FindPartnerTag;
import io.traceloom.kernel.partnertag.ListPartnerTags;
import io.traceloom.kernel.partnertag.ListPartnerTagsById;
import io.traceloom.kernel.partnertag.SetPartnerTags;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The partner tags' catalogue over HTTP: the endpoints are every tag catalogue's. */
@RestController
@Tag(name = "Partner tags", description = "A tenant's catalogue of tags for its partners, each with a unique code.")
@RequestMapping(path = "/partner-tags", produces = MediaType.APPLICATION_JSON_VALUE)
public class PartnerTagController extends TagCatalogueController {

    public PartnerTagController(Writes writes, Queries queries, ResourceHistories histories) {
        super(writes, queries, histories, "partner-tags", "Partner tag");
    }

    @Override
    protected Object createCommand(String tenantId, String tagId, TagRequest body) {
        return new CreatePartnerTag(tenantId, tagId, body.code(), body.name(), body.description());
    }

    @Override
    protected Object deleteCommand(String tenantId, String tagId) {
        return new DeletePartnerTag(tenantId, tagId);
    }

    @Override
    protected Object setCommand(String tenantId, List<TagInput> tags) {
        return new SetPartnerTags(tenantId, tags);
    }

    @Override
    protected Object findQuery(String tenantId, String tagId, Instant asOf) {
        return new FindPartnerTag(tenantId, tagId, asOf);
    }

    @Override
    protected Object listQuery(String tenantId, int page, int limit, boolean includeDeleted) {
        return new ListPartnerTags(tenantId, page, limit, includeDeleted);
    }

    @Override
    protected Object listByIdQuery(String tenantId, List<String> tagIds) {
        return new ListPartnerTagsById(tenantId, tagIds);
    }
}
