package io.traceloom.api.content;

import io.traceloom.command.config.CommandSideProperties;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.MongoDatabaseFactory;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Where content is kept: in GridFS when the read models are in an external MongoDB (which persists, and
 * which every process of a deployment shares), else under {@code <data-dir>/files/}, beside the events (the
 * in-process MongoDB of the embedded default lives in memory).
 */
@Configuration(proxyBeanMethods = false)
public class ContentStoreConfiguration implements WebMvcConfigurer {

    private static final Logger log = LoggerFactory.getLogger(ContentStoreConfiguration.class);
    static final String EXTERNAL_MONGO =
            "!'${spring.data.mongodb.uri:}'.isEmpty() or !'${spring.data.mongodb.host:}'.isEmpty()";

    @Bean
    @ConditionalOnExpression("!(" + EXTERNAL_MONGO + ")")
    public ContentStore fileSystemContentStore(CommandSideProperties properties) {
        Path root = properties.dataDir().toAbsolutePath().normalize().resolve("files");
        log.info("File contents are kept under {}", root);
        return new FileSystemContentStore(root);
    }

    @Bean
    @ConditionalOnExpression(EXTERNAL_MONGO)
    public ContentStore gridFsContentStore(MongoDatabaseFactory mongo, CommandSideProperties properties) {
        log.info("File contents are kept in GridFS (bucket '{}') of the configured MongoDB", GridFsContentStore.BUCKET);
        return new GridFsContentStore(mongo.getMongoDatabase(),
                properties.dataDir().toAbsolutePath().normalize().resolve("files").resolve("staging"));
    }

    @Bean
    public MediaTypeDetector mediaTypeDetector() {
        return new MediaTypeDetector();
    }

    @Override
    public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
        converters.add(0, new ContentRangeConverter());
    }
}
