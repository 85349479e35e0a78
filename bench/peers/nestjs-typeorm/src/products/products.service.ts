import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CreateProductDto } from './dto/create-product.dto.js';
import { UpdateProductDto } from './dto/update-product.dto.js';
import { Product } from './entities/product.entity.js';

@Injectable()
export class ProductsService {
  constructor(@InjectRepository(Product) private readonly products: Repository<Product>) {}

  create(createProductDto: CreateProductDto) {
    return this.products.save(this.products.create({ ...createProductDto, description: createProductDto.description ?? null }));
  }

  findAll(pageSize: number) {
    return this.products.find({ order: { id: 'ASC' }, take: pageSize });
  }

  async findOne(id: number) {
    const product = await this.products.findOneBy({ id });
    if (!product) throw new NotFoundException(`Product ${id} not found`);
    return product;
  }

  async update(id: number, updateProductDto: UpdateProductDto) {
    const product = await this.findOne(id);
    return this.products.save(this.products.merge(product, updateProductDto));
  }

  async remove(id: number) {
    await this.products.remove(await this.findOne(id));
  }
}
