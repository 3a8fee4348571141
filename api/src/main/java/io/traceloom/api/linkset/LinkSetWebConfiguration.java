package io.traceloom.api.linkset;

import io.traceloom.api.guard.EncodedSlashPaths;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class LinkSetWebConfiguration {

    /** A GS1 Digital Link value may hold a '/', which its URI writes as %2F. */
    @Bean
    public EncodedSlashPaths digitalLinkPaths() {
        return new EncodedSlashPaths(ResolverRequest::isResolverPath);
    }
}
