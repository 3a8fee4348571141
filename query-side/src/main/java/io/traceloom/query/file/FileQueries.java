package io.traceloom.query.file;

import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import io.traceloom.kernel.file.FileContents;
import io.traceloom.kernel.file.FilePage;
import io.traceloom.kernel.file.FileView;
import io.traceloom.kernel.file.FindFile;
import io.traceloom.kernel.file.ListFileContents;
import io.traceloom.kernel.file.ListFiles;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class FileQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public FileQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<FileView> handle(FindFile query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, FileDocument.class, query.fileId(), query.tenantId())
                : histories.asOf(FileHistory.FILES, query.tenantId(), query.fileId(), query.asOf()))
                .map(FileDocument::toView);
    }

    @QueryHandler
    public FilePage handle(ListFiles query) {
        MongoPages.Slice<FileDocument> slice = MongoPages.listed(mongo, FileDocument.class, FileDocument::id,
                query.tenantId(), query.page(), query.limit());
        return new FilePage(slice.items().stream().map(FileDocument::toView).toList(), slice.total());
    }

    /** Every tenant's: asked by the service itself at start (see {@link ListFileContents}). */
    @QueryHandler
    public FileContents handle(ListFileContents query) {
        return new FileContents(mongo.find(query(where("_id").gt(query.afterFileId()))
                        .with(Sort.by("_id")).limit(query.limit()), FileDocument.class).stream()
                .map(file -> new FileContents.Needed(file.tenantId(), file.id(), file.sha256(), file.size()))
                .toList());
    }
}
