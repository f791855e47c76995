package io.hotpath.moduletest;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;

import java.time.Duration;

/**
 * A program on the class path using the engine from the module path: the API works, the internals are sealed.
 */
public final class ModuleChild
{
    private ModuleChild()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(1).histograms(true).build()))
        {
            System.out.println("engine module: " + Engine.class.getModule().getName());
            final ActorRef<Integer> doubler = engine.spawn("doubler",
                (ActorContext<Integer> ctx) -> (Integer n) -> ctx.reply(n * 2));
            System.out.println("answer: " + doubler.<Integer>ask(21).get(Duration.ofSeconds(10)));
            System.out.println("handler times: " + engine.stats().workers().get(0).handlerNs().count());
            final Object handled = java.lang.management.ManagementFactory.getPlatformMBeanServer().getAttribute(
                new javax.management.ObjectName("io.hotpath:type=Worker,engine=" + engine.name() + ",name=hp-worker-0"),
                "HandledCount");
            System.out.println("over JMX: " + handled);
            try
            {
                io.hotpath.spi.EngineHooks.of(engine);
                System.out.println("spi reachable");
            }
            catch (final IllegalAccessError ex)
            {
                System.out.println("spi sealed: IllegalAccessError");
            }
            try
            {
                Class.forName("io.hotpath.runtime.HooksFactory").getConstructor().newInstance();
                System.out.println("runtime reachable");
            }
            catch (final IllegalAccessException ex)
            {
                System.out.println("runtime sealed: IllegalAccessException");
            }
            try
            {
                engine.actor((ActorContext<String> ctx) -> (String m) -> { }).sequential().spawn();
            }
            catch (final UnsupportedOperationException ex)
            {
                final String message = ex.getMessage();
                final int flag = message.indexOf("--add-exports");
                System.out.println("await flag: " + message.substring(flag, message.indexOf(' ', flag + 14)));
            }
        }
    }
}
