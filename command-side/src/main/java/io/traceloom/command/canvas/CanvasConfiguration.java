package io.traceloom.command.canvas;

import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class CanvasConfiguration {

    /** Every render loads its template: cached, so none replays the template's history. */
    @Bean
    public Cache canvasTemplateCache() {
        return new WeakReferenceCache();
    }
}
