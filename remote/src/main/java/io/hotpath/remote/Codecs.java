package io.hotpath.remote;

import org.agrona.collections.Int2IntHashMap;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The codecs of a node: which {@link Codec} encodes each message type, under which type id. Immutable once built,
 * thread safe. Both nodes of a conversation must register the same type ids for the same types, with codecs of the
 * same {@link Codec#schema()}: nodes compare their tables when they meet, and refuse each other's messages of a type
 * id they disagree on.
 * <p>
 * {@link #builder()} starts with the standard codecs ({@code String}, {@code byte[]} and the primitive wrappers,
 * type ids 1 to 10); ids from {@link #FIRST_USER_TYPE_ID} up are the application's. A message is encoded by the
 * codec of its class, or else of its nearest registered superclass or interface (so one codec may serve a sealed
 * hierarchy).
 */
public final class Codecs
{
    /** The smallest type id an application may register. */
    public static final int FIRST_USER_TYPE_ID = 100;
    /** The type id of a null answer, which has no payload. */
    public static final int NULL_TYPE_ID = 0;

    private final List<Registration<?>> registrations;
    private final Int2IntHashMap indexByTypeId = new Int2IntHashMap(-1);
    private final ClassValue<Integer> indexByClass = new ClassValue<>()
    {
        @Override
        protected Integer computeValue(final Class<?> type)
        {
            return nearestRegistered(type);
        }
    };

    private Codecs(final List<Registration<?>> registrations)
    {
        this.registrations = Collections.unmodifiableList(new ArrayList<>(registrations));
        for (int i = 0; i < registrations.size(); i++)
        {
            indexByTypeId.put(registrations.get(i).typeId, i);
        }
    }

    /**
     * {@return a builder holding the standard codecs}
     */
    public static Builder builder()
    {
        final Builder builder = new Builder();
        StandardCodecs.addTo(builder);
        return builder;
    }

    /**
     * {@return the standard codecs alone}
     */
    public static Codecs standard()
    {
        return builder().build();
    }

    /**
     * {@return the index of its codec, or -1 when no codec serves it}
     *
     * @param type a message class.
     */
    public int indexOf(final Class<?> type)
    {
        return indexByClass.get(type);
    }

    /**
     * {@return the index of its codec, or -1 when none is registered}
     *
     * @param typeId a type id read from a frame.
     */
    public int indexOfTypeId(final int typeId)
    {
        return indexByTypeId.get(typeId);
    }

    /**
     * {@return the type id written into frames}
     *
     * @param index an index from {@link #indexOf}.
     */
    public int typeId(final int index)
    {
        return registrations.get(index).typeId;
    }

    /**
     * {@return the message class registered under that index}
     *
     * @param index an index from {@link #indexOf} or {@link #indexOfTypeId}, from 0 to {@link #size()} - 1.
     */
    public Class<?> type(final int index)
    {
        return registrations.get(index).type;
    }

    /**
     * {@return the number of registered codecs}
     */
    public int size()
    {
        return registrations.size();
    }

    /**
     * {@return a fresh instance of every codec, in index order, for one thread}
     */
    public Codec<?>[] newInstances()
    {
        final Codec<?>[] instances = new Codec<?>[registrations.size()];
        for (int i = 0; i < instances.length; i++)
        {
            final Registration<?> registration = registrations.get(i);
            instances[i] = Objects.requireNonNull(registration.factory.get(),
                () -> "the codec supplier of " + registration.type.getName() + " returned null");
        }
        return instances;
    }

    private Integer nearestRegistered(final Class<?> type)
    {
        final ArrayDeque<Class<?>> toVisit = new ArrayDeque<>();
        toVisit.add(type);
        while (!toVisit.isEmpty())
        {
            final Class<?> candidate = toVisit.poll();
            for (int i = 0; i < registrations.size(); i++)
            {
                if (registrations.get(i).type == candidate)
                {
                    return i;
                }
            }
            if (candidate.getSuperclass() != null && candidate.getSuperclass() != Object.class)
            {
                toVisit.add(candidate.getSuperclass());
            }
            Collections.addAll(toVisit, candidate.getInterfaces());
        }
        return -1;
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder("Codecs[");
        for (int i = 0; i < registrations.size(); i++)
        {
            text.append(i == 0 ? "" : ", ").append(registrations.get(i).typeId).append('=')
                .append(registrations.get(i).type.getSimpleName());
        }
        return text.append(']').toString();
    }

    private record Registration<M>(int typeId, Class<M> type, Supplier<? extends Codec<M>> factory)
    {
    }

    /**
     * Collects codecs; not thread safe.
     */
    public static final class Builder
    {
        private final List<Registration<?>> registrations = new ArrayList<>();

        private Builder()
        {
        }

        /**
         * Register a codec made once per thread, for codecs that keep state (SBE flyweights, a reused message).
         *
         * @param typeId  at least {@link #FIRST_USER_TYPE_ID}, unique.
         * @param type    the message class (or a superclass or interface of the messages).
         * @param factory makes one codec per thread that uses it.
         * @param <M>     the message type.
         * @return this.
         * @throws IllegalArgumentException when the id or the type is taken, or the id is reserved.
         */
        public <M> Builder add(final int typeId, final Class<M> type, final Supplier<? extends Codec<M>> factory)
        {
            if (typeId < FIRST_USER_TYPE_ID)
            {
                throw new IllegalArgumentException("codec type id " + typeId + " for " + type.getName() +
                    " is reserved: application type ids start at " + FIRST_USER_TYPE_ID);
            }
            return addAny(typeId, type, factory);
        }

        /**
         * Register a codec shared by every thread: it must be stateless or thread safe.
         *
         * @param typeId at least {@link #FIRST_USER_TYPE_ID}, unique.
         * @param type   the message class (or a superclass or interface of the messages).
         * @param codec  the codec.
         * @param <M>    the message type.
         * @return this.
         */
        public <M> Builder addShared(final int typeId, final Class<M> type, final Codec<M> codec)
        {
            Objects.requireNonNull(codec, "codec");
            return add(typeId, type, () -> codec);
        }

        <M> Builder addAny(final int typeId, final Class<M> type, final Supplier<? extends Codec<M>> factory)
        {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(factory, "factory");
            for (final Registration<?> registration : registrations)
            {
                if (registration.typeId == typeId || registration.type == type)
                {
                    throw new IllegalArgumentException("codec for " + type.getName() + " with type id " + typeId +
                        " clashes with the one for " + registration.type.getName() + " (type id " +
                        registration.typeId + "): each type and each type id once");
                }
            }
            registrations.add(new Registration<>(typeId, type, factory));
            return this;
        }

        /**
         * {@return the codecs registered so far, immutable}
         */
        public Codecs build()
        {
            return new Codecs(registrations);
        }
    }
}
