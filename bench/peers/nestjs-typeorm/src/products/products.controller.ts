import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ProductsService } from './products.service.js';
import { CreateProductDto } from './dto/create-product.dto.js';
import { UpdateProductDto } from './dto/update-product.dto.js';
import { Product } from './entities/product.entity.js';

const etag = (product: Product) => `"${product.version}"`;

@Controller('products')
export class ProductsController {
  constructor(private readonly productsService: ProductsService) {}

  @Post()
  async create(@Body() createProductDto: CreateProductDto, @Res({ passthrough: true }) res: Response) {
    const product = await this.productsService.create(createProductDto);
    res.set({ Location: `/api/products/${product.id}`, ETag: etag(product) });
    return product;
  }

  @Get()
  findAll(@Query('pageSize', new ParseIntPipe({ optional: true })) pageSize = 20) {
    return this.productsService.findAll(pageSize);
  }

  @Get(':id')
  async findOne(@Param('id', ParseIntPipe) id: number, @Res({ passthrough: true }) res: Response) {
    const product = await this.productsService.findOne(id);
    res.set('ETag', etag(product));
    return product;
  }

  @Patch(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() updateProductDto: UpdateProductDto) {
    return this.productsService.update(id, updateProductDto);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIntPipe) id: number) {
    return this.productsService.remove(id);
  }
}
