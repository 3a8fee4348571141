package io.traceloom.query.file;

import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A stored file is an aggregate of its own; who used it and when is part of its history. */
@Configuration(proxyBeanMethods = false)
public class FileHistory {

    public static final ResourceHistory<FileDocument> FILES = ResourceHistory
            .of("files", FileProjection.class, FileDocument.class);

    @Bean
    public ResourceHistory<FileDocument> fileResourceHistory() {
        return FILES;
    }
}
