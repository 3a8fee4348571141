package io.traceloom.command.credential;

import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.kernel.credential.FindServiceContext;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/** Serves the context document the signing code defines, so it is defined in one place. */
@Component
public class ServiceContextQueries {

    private final ContextDocuments contexts;

    public ServiceContextQueries(ContextDocuments contexts) {
        this.contexts = contexts;
    }

    @QueryHandler
    public String handle(FindServiceContext query) {
        return contexts.traceloomDocument().toString();
    }
}
