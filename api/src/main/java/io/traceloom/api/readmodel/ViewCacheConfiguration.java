package io.traceloom.api.readmodel;

import org.springframework.boot.autoconfigure.mongo.MongoClientSettingsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The cache of views follows the commands of the process's one MongoDB client, embedded or not. */
@Configuration(proxyBeanMethods = false)
public class ViewCacheConfiguration {

    @Bean
    public ReadModelCommands readModelCommands() {
        return new ReadModelCommands();
    }

    @Bean
    public MongoClientSettingsBuilderCustomizer readModelCommandsFollowed(ReadModelCommands commands) {
        return settings -> settings.addCommandListener(commands);
    }
}
